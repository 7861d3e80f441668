/** How the app names MAX to the people using it: the texts name the launch's messenger. */
export const MAX_NAME = 'MAX';
