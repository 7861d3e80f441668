/** Puts text on the clipboard; false when the WebView has no clipboard or refuses access to it. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('Could not copy to the clipboard', error);
    return false;
  }
}
