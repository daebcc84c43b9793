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
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const zlib = require('node:zlib');
const { Compilation, sources } = require('webpack');
const { compilerOptions } = require('./tsconfig.base.json');

/** The path aliases of tsconfig.base.json (`@client/...`), for webpack's resolver. */
const pathAliases = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    alias.replace(/\/\*$/, ''),
    path.resolve(__dirname, target.replace(/\/\*$/, '')),
  ]),
);

/**
 * dist/pages.json: for each page of the registry (a chunk named `page-<Component>` by its import in
 * app/pageRegistry.ts), the files it needs beyond the first load, in loading order: antd's
 * stylesheet and scope (every page renders inside it), then the page's own scripts. The gateway
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
          const filesOf = (group, extension) =>
            group ? group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith(extension)) : [];
          // Every page renders inside antd's scope (shared/AntdBoundary.tsx): its stylesheet (antd's
          // styles) and chunks come first.
          const scopeGroup = compilation.namedChunkGroups.get('antd-scope');
          const scope = [...filesOf(scopeGroup, '.css'), ...filesOf(scopeGroup, '.js')];
          const pages = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith('page-')) continue;
            pages[name.slice('page-'.length)] = [...new Set([...scope, ...filesOf(group, '.js')])].filter(
              (file) => !initial.has(file),
            );
          }
          compilation.emitAsset('pages.json', new sources.RawSource(JSON.stringify(pages, null, 1)));
        },
      );
    });
  }
}

/**
 * The first load's scripts at high priority. A deferred script is a low-priority request in Chromium,
 * behind every preload of the page's chunks (high), which the gateway names in the same index.html:
 * over HTTP/1.1's six connections the frame's own scripts came last (about 370 ms after the page,
 * here), and the frame renders nothing before them. The page's preloads go out at low priority
 * (routes/portal.ts), after these.
 */
class FirstLoadPriorityPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('FirstLoadPriorityPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('FirstLoadPriorityPlugin', (data) => {
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        return data;
      });
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
      alias: {
        ...pathAliases,
        'antd/locale': path.join(path.dirname(require.resolve('antd/package.json')), 'es', 'locale'),
      },
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
        // In <head>: found first by the preload scanner, before the page's preloads the gateway adds.
        inject: 'head',
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
      new FirstLoadPriorityPlugin(),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'static/css/[name].[contenthash:10].css',
              chunkFilename: 'static/css/[name].[contenthash:10].chunk.css',
              // antd's stylesheet goes before the portal's (as antd's own runtime put its styles first):
              // the portal's rules of the same weight win. Every other chunk's stylesheet goes last.
              // (Written into the runtime as it is: no references outside the function.)
              insert: function insertStylesheet(link) {
                var head = document.head;
                if (/\/antd-css\./.test(link.href))
                  head.insertBefore(link, head.querySelector('link[rel="stylesheet"]'));
                else head.appendChild(link);
              },
            }),
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
          // antd's stylesheet (shared/AntdScope.tsx imports it) in a chunk of its own, whose file the
          // stylesheets' loader recognises by name (see MiniCssExtractPlugin's insert above).
          antdCss: {
            test: /[\\/]antd[\\/]dist[\\/]antd\.css$/,
            name: 'antd-css',
            chunks: 'all',
            priority: 50,
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
