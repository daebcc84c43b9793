/**
 * Builds the portal into dist/: hashed files under static/ (each with its .br and .gz beside it, which
 * the gateway serves by Accept-Encoding), index.html with a mark where the gateway puts the runtime
 * configuration, and dist/pages.json naming the files of each page's chunks, which the gateway
 * preloads for the page asked for. TSX goes through swc; typechecking is `npm run typecheck`.
 *
 * What the first load carries: React and the router (`framework`, long-lived), then what the frame
 * (layout, menu, top bar, session) imports. A page's chunk carries what only it uses; what several
 * pages share goes into shared chunks loaded with them, never into the first load.
 * `npm run bench -- shell` prints the sizes.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const zlib = require('node:zlib');
const { Compilation, sources } = require('webpack');

/**
 * antd components the frame imports (every `import { ... } from 'antd'` in app/, shared/ and the
 * session feature): the first paint's. A page's components generate their styles when it renders,
 * as before: a stylesheet of every component the portal uses was 820 KB to parse before any paint.
 */
function antdComponentsOfTheFrame() {
  const names = new Set();
  const visit = (file) => {
    if (fs.statSync(file).isDirectory()) {
      // The app's own lazily loaded pages (404, restriction notice) are pages too, and what the frame
      // loads only when it is needed (layout/deferred: the phones' menu drawer, the senior warning).
      if (!['pages', 'deferred'].includes(path.basename(file)))
        for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
      return;
    }
    if (!/\.tsx?$/.test(file)) return;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.trim().replace(/\s+as\s+.*$/, '');
        if (/^[A-Za-z]+$/.test(name) && !name.startsWith('type')) names.add(name);
      }
    }
  };
  for (const dir of ['app', 'shared', 'features/session']) visit(path.join(__dirname, 'src', 'client', dir));
  // What those render inside themselves (menus and popovers pop up with tooltips).
  names.add('Tooltip');
  return [...names].filter((name) => /^[A-Z]/.test(name) || name === 'message' || name === 'notification').sort();
}

/**
 * antd's styles of the frame as a stylesheet (static/css/antd.[hash].css, linked from index.html)
 * instead of CSS-in-JS work on the main thread at first paint: the CSS antd's runtime would generate
 * for the portal's theme and the frame's components, written at build time, with the marker that
 * makes the runtime skip what the stylesheet holds (anything else is generated when it first renders).
 */
class AntdStylesheetPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AntdStylesheetPlugin', (compilation) => {
      let href = null;
      compilation.hooks.processAssets.tap(
        { name: 'AntdStylesheetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const css = execFileSync(process.execPath, [path.join(__dirname, 'scripts', 'antd-static-css.cjs')], {
            input: JSON.stringify(antdComponentsOfTheFrame()),
            env: { ...process.env, NODE_ENV: 'production' },
            maxBuffer: 64 * 1024 * 1024,
          });
          const hash = require('node:crypto').createHash('sha256').update(css).digest('hex').slice(0, 10);
          const file = `static/css/antd.${hash}.css`;
          compilation.emitAsset(file, new sources.RawSource(css));
          href = compilation.outputOptions.publicPath + file;
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('AntdStylesheetPlugin', (data) => {
        // First in <head>: the portal's own stylesheet comes after it and may override antd.
        if (href) data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'stylesheet', href }));
        return data;
      });
    });
  }
}

/**
 * dist/pages.json: for each page of the registry (a chunk named `page-<Component>` by its import in
 * app/pageRegistry.ts), the script files it needs beyond the first load, in loading order: antd's
 * scope (every page renders inside it), then the page's own. The gateway
 * names them in <link rel="preload"> of the index.html it answers for that page's path, so they load
 * while the first load does instead of after it.
 */
class PageManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PageManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const initial = new Set();
          for (const entry of compilation.entrypoints.values())
            for (const chunk of entry.chunks) for (const file of chunk.files) initial.add(file);
          const scriptsOf = (group) =>
            group ? group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js')) : [];
          // Every page renders inside antd's scope (shared/AntdBoundary.tsx): its chunks come first.
          const scope = scriptsOf(compilation.namedChunkGroups.get('antd-scope'));
          const pages = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith('page-')) continue;
            pages[name.slice('page-'.length)] = [...new Set([...scope, ...scriptsOf(group)])].filter(
              (file) => !initial.has(file),
            );
          }
          compilation.emitAsset('pages.json', new sources.RawSource(JSON.stringify(pages, null, 1)));
        },
      );
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  const compressible = /\.(js|css|svg|json)$/;
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/client/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: process.env.ROUTER_BASE || '/legal/',
      filename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:10].chunk.js' : 'static/js/[name].chunk.js',
      assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
      chunkLoadTimeout: 120000,
      // `npm run build` compiles the gateway into dist/server after this: a watching portal build keeps it.
      clean: { keep: /^server[\\/]/ },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // antd/locale/* are CommonJS files that bring antd's CommonJS build of the date pickers and the
      // pagination beside the ES modules the components use: take the ES modules of the locales too.
      alias: { 'antd/locale': path.join(path.dirname(require.resolve('antd/package.json')), 'es', 'locale') },
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
        // antd's rc-components and style packages are pure modules without a sideEffects flag: saying
        // so lets webpack drop what their index files re-export and nobody imports (a Dropdown would
        // otherwise bring all of @rc-component/form).
        {
          test: /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/,
          sideEffects: false,
        },
        // A stylesheet in production (cached, no script work to apply it); injected by script in watch mode.
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        // Images of public/ (QR codes, the club promotion) are served as files; small others are inlined.
        {
          test: /\.(png|jpe?g|gif|svg|webp)$/,
          type: 'asset',
          parser: {
            dataUrlCondition: (source, { filename }) =>
              !filename.includes(`${path.sep}public${path.sep}`) && source.length <= 4096,
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        inject: 'body',
        scriptLoading: 'defer',
        // The defaults of a production build, keeping the mark where the gateway puts the configuration.
        minify: production && {
          collapseWhitespace: true,
          keepClosingSlash: true,
          removeComments: true,
          ignoreCustomComments: [/^PORTAL_CONFIG$/],
          removeRedundantAttributes: true,
          removeScriptTypeAttributes: true,
          removeStyleLinkTypeAttributes: true,
          useShortDoctype: true,
        },
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'static/css/[name].[contenthash:10].css',
              chunkFilename: 'static/css/[name].[contenthash:10].chunk.css',
            }),
            new AntdStylesheetPlugin(),
            new PageManifestPlugin(),
            // Compressed once here, served as they are by the gateway (routes/portal.ts).
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: compressible,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
              minRatio: 1,
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: compressible,
              compressionOptions: { level: 9 },
              threshold: 0,
              minRatio: 1,
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify }),
        new MinimizerPlugin({ test: /\.css$/, minify: MinimizerPlugin.esbuildMinifyCss }),
      ],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React, React DOM and the router: every page needs them and they change least.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            name: 'framework',
            chunks: 'all',
            priority: 40,
            enforce: true,
          },
          // Everything else splits by use: what the first load imports stays with it, what pages share
          // goes into chunks loaded with those pages (webpack's defaults for node_modules and the rest).
          defaultVendors: { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true },
          default: { minChunks: 2, priority: -20, reuseExistingChunk: true },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
