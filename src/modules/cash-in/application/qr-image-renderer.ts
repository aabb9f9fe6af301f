/** Port that draws a BR Code as a QR image. */
export abstract class QrImageRenderer {
  /** A `data:image/png;base64,...` URI of the QR code of `text`. */
  abstract pngDataUri(text: string): Promise<string>;
}
