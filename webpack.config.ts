import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import type { Configuration } from 'webpack';
import 'webpack-dev-server';

const API_TARGET = process.env.API_TARGET || 'http://127.0.0.1:8080';

/**
 * Writes dist/chunk-groups.json: the JS and CSS files of every named chunk group, as webpack resolved them.
 * The bundle budget test and `npm run bench shell` weigh a page by it without opening every page in a browser.
 */
class ChunkGroupsManifest {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        // The last stage: the files carry their final content hashes.
        { name: 'ChunkGroupsManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.getFiles().filter((file) => /\.(js|css)$/.test(file));
          }
          compilation.emitAsset('chunk-groups.json', new webpack.sources.RawSource(JSON.stringify(groups)));
        },
      );
    });
  }
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: path.resolve(__dirname, 'src/index.tsx') },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:8].chunk.js' : 'js/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx'] },
    devtool: production ? false : 'eval-cheap-module-source-map',
    cache: {
      type: 'filesystem',
      cacheDirectory: path.resolve(__dirname, '.cache/webpack'),
      buildDependencies: { config: [__filename, path.resolve(__dirname, 'babel.config.js')] },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          // The babel env is the build's, never NODE_ENV: a build started under Jest (NODE_ENV=test, e2e
          // global setup) would otherwise get CommonJS modules, which defeats tree shaking and turns
          // every import() into a require() — the lean landing entry would carry the whole app.
          use: { loader: 'babel-loader', options: { envName: production ? 'production' : 'development' } },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|jpe?g|svg|gif|webp|woff2?|ttf|eot)$/, type: 'asset' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.resolve(__dirname, 'public/index.html'), inject: 'body' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }],
      }),
      // moment ships every locale; keep only zh-cn (STACK.md §3).
      new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /zh-cn/),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'css/[name].[contenthash:8].css',
              chunkFilename: 'css/[name].[contenthash:8].chunk.css',
            }),
            new ChunkGroupsManifest(),
          ]
        : []),
    ],
    optimization: { splitChunks: { chunks: 'all' } },
    performance: { hints: false },
    devServer: {
      port: 8000,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/websocket'], target: API_TARGET, ws: true }],
    },
  };
};
