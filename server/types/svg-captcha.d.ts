// svg-captcha's typings leave out the parts used here: its glyph outliner and the font it bundles. The
// captcha (server/modules/auth/captcha.ts) draws its own picture from those outlines.
declare module 'svg-captcha/lib/ch-to-path.js' {
  /** The SVG path data of one character's outline, centred on (x, y). */
  function glyphPath(
    character: string,
    options: { x: number; y: number; fontSize: number } & GlyphFont,
  ): string;
  interface GlyphFont {
    font: unknown;
    ascender: number;
    descender: number;
  }
  export = glyphPath;
}

declare module 'svg-captcha/lib/option-manager.js' {
  /** The defaults, among them the bundled font (Comismsh) and its metrics. */
  export const options: { font: unknown; ascender: number; descender: number };
}
