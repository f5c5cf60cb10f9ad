import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { navigateTo } from '../../src/router/navigator';
import { NavigatorBridge } from '../../src/router/NavigatorBridge';

function renderRouter() {
  return render(
    <MemoryRouter initialEntries={['/start']}>
      <NavigatorBridge />
      <Routes>
        <Route path="/start" element={<p>start</p>} />
        <Route path="/target" element={<p>target</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

test('navigateTo changes the route once the bridge is mounted', () => {
  const { unmount } = renderRouter();
  act(() => navigateTo('/target'));
  expect(screen.getByText('target')).toBeInTheDocument();
  unmount();
});

test('a navigation requested before the bridge mounts happens when it mounts', () => {
  navigateTo('/target', { replace: true });
  const { unmount } = renderRouter();
  expect(screen.getByText('target')).toBeInTheDocument();
  unmount();
});
