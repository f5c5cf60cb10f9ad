// The workbench's steps of a visit: the template's, with 下单 offered to a rep who may place orders.
import { stepsOf } from '../../src/workbench/steps';

const types = (steps: ReturnType<typeof stepsOf>) => steps.map((step) => step.type);

it('offers 下单 only to a rep who may order, and keeps a template’s 下单 either way', () => {
  const plain = { steps: [{ stepType: 'DOOR_PHOTO' as const, required: true }] };
  expect(types(stepsOf(plain))).toEqual(['DOOR_PHOTO']);
  expect(types(stepsOf(plain, true))).toEqual(['DOOR_PHOTO', 'ORDER']);
  expect(stepsOf(plain, true)[1]).toEqual({ type: 'ORDER', title: '下单', required: false });
  const ordering = {
    steps: [
      { stepType: 'ORDER' as const, required: true },
      { stepType: 'DOOR_PHOTO' as const, required: false },
    ],
  };
  expect(types(stepsOf(ordering, true))).toEqual(['ORDER', 'DOOR_PHOTO']);
  expect(types(stepsOf(ordering))).toEqual(['ORDER', 'DOOR_PHOTO']);
});
