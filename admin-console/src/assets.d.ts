/** A stylesheet imported for its effect: the build bundles it (rspack's CSS support). */
declare module '*.css';
/** Files a build emits as their own asset; importing one gives its address. */
declare module '*.wasm' {
  const url: string;
  export default url;
}
/** The address this app's build is served from (Module Federation sets it at runtime). */
declare const __webpack_public_path__: string;
