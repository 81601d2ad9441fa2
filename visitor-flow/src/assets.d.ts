/** A stylesheet imported for its effect: the build bundles it (rspack's CSS support). */
declare module '*.css';
