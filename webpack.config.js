/**
 * Builds the portal into dist/: hashed route chunks under static/, index.html with a mark where the
 * gateway puts the runtime configuration. TSX goes through swc; typechecking is `npm run typecheck`.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
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
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
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
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
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
    plugins: [new HtmlWebpackPlugin({ template: './public/index.html', inject: 'body', scriptLoading: 'defer' })],
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      // Vendors in three long-lived chunks (React, antd and its rc-components, the rest): an area's
      // release does not invalidate them, and route chunks share them instead of copying parts.
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            name: 'react',
            priority: 30,
            chunks: 'initial',
          },
          antd: {
            test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/,
            name: 'antd',
            priority: 20,
            chunks: 'initial',
          },
          vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', priority: 10, chunks: 'initial' },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
