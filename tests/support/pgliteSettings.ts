/**
 * The embedded test databases' settings. PostgreSQL's default 128 MB of shared buffers is set up
 * afresh at every start, and that was half of the CPU an api test's server start spent (each file
 * starts one or more); a test's data fits in a few megabytes (docs/decisions/0228).
 */
export const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB' };
