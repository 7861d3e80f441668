export const calendarKeys = {
  all: ['calendar'] as const,
  links: ['calendar', 'links'] as const,
  adminLinks: ['calendar', 'admin-links'] as const,
};
