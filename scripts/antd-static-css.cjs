// Writes to standard output the CSS antd's CSS-in-JS would generate in the browser for the portal's
// theme (src/client/shared/theme.json) and the components it names on standard input (a JSON array),
// with the marker that tells antd's runtime which styles the stylesheet already holds, so that it
// does not generate them again. Run by webpack.config.js for production builds (NODE_ENV=production:
// the class names must be the production ones).
const fs = require('node:fs');
const path = require('node:path');
const React = require('react');
const { ConfigProvider } = require('antd');
const { extractStyle } = require('@ant-design/static-style-extract');

const theme = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'src', 'client', 'shared', 'theme.json'), 'utf8'));
const includes = JSON.parse(fs.readFileSync(0, 'utf8'));
process.stdout.write(
  extractStyle({ includes, customTheme: (node) => React.createElement(ConfigProvider, { theme }, node) }),
);
