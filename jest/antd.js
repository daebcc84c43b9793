/**
 * `antd` for Jest: the package's CommonJS index requires every component (with their rc-* packages)
 * on the first import, in every test file. This stand-in reads which module each name of the index
 * comes from and loads that module when the name is first used; the components are antd's own.
 */
const fs = require('node:fs');
const path = require('node:path');

const lib = path.join(path.dirname(require.resolve('antd/package.json')), 'lib');
const source = fs.readFileSync(path.join(lib, 'index.js'), 'utf8');
const modules = new Map(); // variable -> module path
for (const m of source.matchAll(/var (\w+) = (?:\w+\()?require\("\.\/([\w/-]+)"\)/g)) modules.set(m[1], m[2]);
const names = new Map(); // exported name -> [module path, property]
for (const m of source.matchAll(
  /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (\w+)\.(\w+);/g,
))
  if (modules.has(m[2])) names.set(m[1], [modules.get(m[2]), m[3]]);
if (names.size < 60) throw new Error(`antd's index changed (${names.size} names read): update jest/antd.js`);

let index;
const loaded = new Map();
module.exports = new Proxy(
  {},
  {
    get(_, name) {
      if (name === '__esModule') return true;
      if (typeof name !== 'string') return undefined;
      if (!loaded.has(name)) {
        const found = names.get(name);
        if (found) {
          const m = require(`antd/lib/${found[0]}`);
          loaded.set(name, found[1] === 'default' && !m.__esModule ? m : m[found[1]]);
        } else loaded.set(name, (index ??= require('antd/lib/index.js'))[name]);
      }
      return loaded.get(name);
    },
  },
);
