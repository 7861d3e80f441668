export const geoKeys = {
  all: ['geo'] as const,
  tracks: (timeZone: string) => ['geo', 'tracks', timeZone] as const,
  track: (userId: number, day: string, timeZone: string) => ['geo', 'track', userId, day, timeZone] as const,
};
