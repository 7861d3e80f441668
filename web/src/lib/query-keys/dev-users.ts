/** The stand-in's account picker (development only). */
export const devUserKeys = {
  all: ['dev-users'] as const,
};
