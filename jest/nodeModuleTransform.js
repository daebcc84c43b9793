/**
 * The portal's page tests run the real gateway inside the jsdom environment. Some Node libraries
 * of the gateway (pdfkit) work out their own file location from `document` when one exists, which
 * jsdom provides: point them at Node's answer instead. Nothing else in the file changes.
 */
module.exports = {
  process(source) {
    return {
      code: source.split("typeof document === 'undefined' ? require('u' + 'rl')").join("true ? require('u' + 'rl')"),
    };
  },
};
