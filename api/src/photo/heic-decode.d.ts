/** heic-decode ships no types: its one call (libheif compiled to WebAssembly). */
declare module 'heic-decode' {
  function decode(options: { buffer: Buffer | ArrayBuffer | Uint8Array }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  export default decode;
}
