// Jest runs the code on the current Node as CommonJS; webpack keeps ES modules for tree shaking.
// `modules: 'commonjs'` is explicit because under --experimental-vm-modules babel-jest would otherwise
// keep `import()` as a native ES import that wraps CommonJS exports (default.default), unlike webpack.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      isTest
        ? ['@babel/preset-env', { targets: { node: 'current' }, modules: 'commonjs' }]
        : ['@babel/preset-env', { modules: false, bugfixes: true }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      '@babel/preset-typescript',
    ],
  };
};
