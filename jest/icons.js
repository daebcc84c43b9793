/**
 * `@ant-design/icons` for Jest: the package's CommonJS index requires every one of its icons (about
 * a thousand modules) on the first import, in every test file. This stand-in loads an icon when it
 * is first used, from the same package; anything else comes from the real index.
 */
const fs = require('node:fs');
const path = require('node:path');

const iconsDir = path.join(path.dirname(require.resolve('@ant-design/icons/package.json')), 'lib/icons');
let index;
const loaded = new Map();

module.exports = new Proxy(
  {},
  {
    get(_, name) {
      if (name === '__esModule') return true;
      if (typeof name !== 'string') return undefined;
      if (!loaded.has(name)) {
        const file = path.join(iconsDir, `${name}.js`);
        if (/^[A-Z]\w+$/.test(name) && fs.existsSync(file))
          loaded.set(name, require(`@ant-design/icons/lib/icons/${name}`).default);
        else loaded.set(name, (index ??= require('@ant-design/icons/lib'))[name]);
      }
      return loaded.get(name);
    },
  },
);
