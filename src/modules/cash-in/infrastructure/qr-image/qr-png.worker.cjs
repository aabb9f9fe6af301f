'use strict';
// Worker thread of QrcodePngRenderer (piscina): draws one BR Code as a PNG data URI with `qrcode`.
// Plain CommonJS so the same file runs from src/ (tests) and dist/ (copied there by nest-cli assets).
const QRCode = require('qrcode');

// Error correction M, as the BR Code manual recommends; a 4-module quiet zone; 6 pixels a module.
module.exports = (text) => QRCode.toDataURL(text, { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
