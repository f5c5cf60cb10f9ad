// The theme drawer's sagas (spec §4, §8) and the drawer rules of the layout slice.
import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { REHYDRATE } from 'redux-persist';
import { delay, take } from 'redux-saga/effects';
import {
  applyColor,
  LAYOUT_PERSIST_KEY,
  restoreMultipage,
  THEME_RENDER_TIMEOUT_MS,
  THEME_TEXTS,
  THEME_TOAST_KEY,
} from '../../../src/features/layout/sagas';
import { selectThemeColor } from '../../../src/features/layout/selectors';
import {
  colorChanged,
  colorRequested,
  DEFAULT_LAYOUT_SETTINGS,
  layoutReducer,
  settingsChanged,
  themeRendered,
  themeSettled,
  withLayoutRules,
} from '../../../src/features/layout/slice';
import { closeToast, loadingToast, toast } from '../../../src/utils/notifier';

const rootOfLayout = combineReducers({ layout: layoutReducer });

function rehydrate(key: string, payload: unknown) {
  return { type: REHYDRATE, key, payload } as Parameters<typeof restoreMultipage>[0];
}

describe('withLayoutRules (the drawer rules)', () => {
  const top = withLayoutRules(DEFAULT_LAYOUT_SETTINGS, { layout: 'topmenu', contentWidth: 'Fluid' });

  it('has the defaults of spec §9', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toEqual({
      theme: 'dark',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: true,
      fixSiderbar: true,
      autoHideHeader: false,
      color: '#1890FF',
      weak: false,
      multipage: false,
    });
  });

  it('keeps Fluid only with the top menu', () => {
    expect(top.contentWidth).toBe('Fluid');
    expect(withLayoutRules(DEFAULT_LAYOUT_SETTINGS, { contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    expect(withLayoutRules(top, { layout: 'sidemenu' }).contentWidth).toBe('Fixed');
  });

  it('turns auto-hide off with the fixed header', () => {
    const autoHide = withLayoutRules(DEFAULT_LAYOUT_SETTINGS, { autoHideHeader: true });
    expect(autoHide.autoHideHeader).toBe(true);
    expect(withLayoutRules(autoHide, { fixedHeader: false })).toMatchObject({
      fixedHeader: false,
      autoHideHeader: false,
    });
    expect(
      withLayoutRules({ ...autoHide, fixedHeader: false }, { autoHideHeader: true }).autoHideHeader,
    ).toBe(false);
  });

  it('has no fixed side menu with the top menu', () => {
    expect(top.fixSiderbar).toBe(false);
    expect(withLayoutRules(top, { fixSiderbar: true }).fixSiderbar).toBe(false);
    expect(withLayoutRules(DEFAULT_LAYOUT_SETTINGS, { fixSiderbar: false }).fixSiderbar).toBe(false);
  });
});

describe('applyColor', () => {
  it('shows 正在编译主题！ until the provider has rendered the colour', () => {
    testSaga(applyColor, colorRequested('#722ED1'))
      .next()
      .select(selectThemeColor)
      .next('#1890FF')
      .call(loadingToast, THEME_TOAST_KEY, THEME_TEXTS.compiling)
      .next()
      .put(colorChanged('#722ED1'))
      .next()
      .inspect((effect) => expect(effect).toHaveProperty('payload'))
      .next({ rendered: themeRendered('#722ED1') })
      .call(closeToast, THEME_TOAST_KEY)
      .next()
      .put(themeSettled())
      .next()
      .isDone();
  });

  it('waits for the render of this colour, not of an earlier one', async () => {
    const { storeState } = await expectSaga(applyColor, colorRequested('#13C2C2'))
      .withReducer(rootOfLayout)
      .dispatch(themeRendered('#1890FF'))
      .dispatch(themeRendered('#13C2C2'))
      .call(closeToast, THEME_TOAST_KEY)
      .not.call(toast, 'error', THEME_TEXTS.failed)
      .put(themeSettled())
      .run();
    expect(storeState.layout).toMatchObject({ color: '#13C2C2', themeApplying: false });
  });

  it("answers 'Failed to update theme' for a value that is no colour, and keeps the colour", async () => {
    const { storeState } = await expectSaga(applyColor, colorRequested('url(javascript:1)'))
      .withReducer(rootOfLayout)
      .not.put(colorChanged('url(javascript:1)'))
      .call(closeToast, THEME_TOAST_KEY)
      .call(toast, 'error', THEME_TEXTS.failed)
      .put(themeSettled())
      .run();
    expect(storeState.layout.color).toBe('#1890FF');
  });

  it("answers 'Failed to update theme' and goes back to the previous colour when nothing renders it", async () => {
    const { storeState } = await expectSaga(applyColor, colorRequested('#F5222D'))
      .withReducer(rootOfLayout)
      .provide({
        race: () => ({ timedOut: true }),
      })
      .put(colorChanged('#F5222D'))
      .put(colorChanged('#1890FF'))
      .call(toast, 'error', THEME_TEXTS.failed)
      .run();
    expect(storeState.layout.color).toBe('#1890FF');
    expect(THEME_RENDER_TIMEOUT_MS).toBe(5000);
  });

  it('races the render against the timeout', () => {
    const saga = testSaga(applyColor, colorRequested('#FAAD14')).next().next('#1890FF').next().next();
    saga.inspect((effect: { type: string; payload: Record<string, unknown> }) => {
      expect(effect.type).toBe('RACE');
      expect(effect.payload.timedOut).toEqual(delay(THEME_RENDER_TIMEOUT_MS));
      expect(Object.keys(effect.payload)).toEqual(['rendered', 'timedOut']);
      expect((effect.payload.rendered as ReturnType<typeof take>).type).toBe('TAKE');
    });
  });
});

describe('restoreMultipage (spec §4: unset means on)', () => {
  it('turns multi-tab mode on when storage has no value for it', () => {
    testSaga(restoreMultipage, rehydrate(LAYOUT_PERSIST_KEY, { color: '#722ED1' }))
      .next()
      .put(settingsChanged({ multipage: true }))
      .next()
      .isDone();
  });

  it('also when nothing of the layout is stored at all', () => {
    testSaga(restoreMultipage, rehydrate(LAYOUT_PERSIST_KEY, undefined))
      .next()
      .put(settingsChanged({ multipage: true }))
      .next()
      .isDone();
  });

  it('keeps a stored choice, on or off', () => {
    testSaga(restoreMultipage, rehydrate(LAYOUT_PERSIST_KEY, { multipage: false }))
      .next()
      .isDone();
    testSaga(restoreMultipage, rehydrate(LAYOUT_PERSIST_KEY, { multipage: true }))
      .next()
      .isDone();
  });

  it("ignores the other slices' rehydration", () => {
    testSaga(restoreMultipage, rehydrate('session', {})).next().isDone();
  });
});
