// svg-captcha's typings leave out its main export, the function that draws a given text. We draw a text
// chosen with crypto.randomInt instead of the one the library would pick with Math.random.
declare module 'svg-captcha/lib/index.js' {
  interface DrawOptions {
    width?: number;
    height?: number;
    fontSize?: number;
    /** Number of interference lines. */
    noise?: number;
    color?: boolean;
    background?: string;
  }
  /** The SVG text: every glyph is a path, so the characters never appear as text. */
  function drawCaptcha(text: string, options?: DrawOptions): string;
  export = drawCaptcha;
}
