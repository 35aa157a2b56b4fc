import "server-only";
/**
 * Side-effect imports that register workers and bootstrap steps of each feature module.
 * A feature adds one line here.
 */
export {};
