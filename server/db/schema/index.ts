export * from './users.js';
export * from './auth.js';
export * from './church.js';
export * from './catalogue.js';
export * from './profile.js';
export * from './people.js';
export * from './notifications.js';
export * from './directory.js';
