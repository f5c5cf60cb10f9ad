import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A page's first request can take over a second in jsdom on two busy cores (accessGate.test waited 1 s, the
// default, in CI); findBy/waitFor still fail when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });
