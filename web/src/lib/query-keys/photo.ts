export const photoKeys = {
  all: ['photo'] as const,
  regions: ['photo', 'regions'] as const,
  organizers: (region: string, month: number) => ['photo', 'organizers', region, month] as const,
  adminDirectories: ['photo', 'admin-directories'] as const,
};
