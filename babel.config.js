// Jest runs the code on the current Node as CommonJS; webpack keeps ES modules for tree shaking.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      isTest
        ? ['@babel/preset-env', { targets: { node: 'current' } }]
        : ['@babel/preset-env', { modules: false, bugfixes: true }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      '@babel/preset-typescript',
    ],
  };
};
