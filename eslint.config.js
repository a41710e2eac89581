// The configuration lives with its tools in the tools/lint workspace (see its package.json).
export { default } from './tools/lint/eslint.config.js';
