import { ExportGate } from './admin-lists';

describe('ExportGate', () => {
  it('lets `places` in at once, the others in the order they came as places are freed; leaving twice frees one place', async () => {
    const gate = new ExportGate(2);
    const order: string[] = [];
    const a = await gate.enter();
    const b = await gate.enter();
    const c = gate.enter().then((leave) => (order.push('c'), leave));
    const d = gate.enter().then((leave) => (order.push('d'), leave));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    a();
    a();
    const leaveC = await c;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['c']);
    expect(gate.load).toEqual({ active: 2, waiting: 1 });
    b();
    const leaveD = await d;
    expect(order).toEqual(['c', 'd']);
    leaveC();
    leaveD();
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});
