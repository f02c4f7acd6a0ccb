// The custom island directive registered in astro.config.mjs (src/components/hydrate-on-interaction.ts).
declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate when the visitor turns to the island (pointer, touch, keyboard focus); never by itself. */
    'client:interaction'?: boolean;
  }
}
