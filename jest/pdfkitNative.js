/**
 * pdfkit, loaded by Node's own require outside the jsdom sandbox: in jsdom `document` exists, so
 * pdfkit's CommonJS build takes its browser branch (createRequire of http://localhost/pdfkit.js) and
 * fails. The client page tests start a real gateway in the same process, and the gateway makes PDFs.
 */
module.exports = require('node:module').createRequire(__filename)('pdfkit');
