// The custom island directive registered in astro.config.mjs (src/components/hydrate-on-interaction.ts).
declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate when the visitor turns to the island; a number also hydrates that many ms after load, when idle. */
    'client:interaction'?: boolean | number;
  }
}
