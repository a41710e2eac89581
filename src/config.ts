/** Build-time settings (README.md: Configuration): the API base and the product name. */
export const API_URL: string = import.meta.env.VITE_API_URL || '/api';
export const APP_NAME: string = import.meta.env.APP_NAME || 'Flock';
