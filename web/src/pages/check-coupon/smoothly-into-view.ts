/** Brings a part of the check screen that has just appeared into the middle of the view. */
export const smoothlyIntoView = (element: HTMLElement | null) =>
  element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
