import type { Container } from 'pixi.js';
import { Tweens } from './Tweens';

/** The part of a Pixi node a flight moves. */
function fakeNode() {
  const node = {
    visible: true,
    alpha: 1,
    destroyed: false,
    position: { x: 0, y: 0, set: (x: number, y: number) => Object.assign(node.position, { x, y }) },
    scale: { x: 1, set: (k: number) => Object.assign(node.scale, { x: k }) },
    destroy: () => {
      node.destroyed = true;
    },
  };
  return node;
}
const asNode = (node: ReturnType<typeof fakeNode>) => node as unknown as Container;

describe('Tweens', () => {
  it('hides a node until its delay is over, arcs it to its end and destroys it on landing', () => {
    const tweens = new Tweens();
    const node = fakeNode();
    let landed = 0;
    tweens.add(asNode(node), { x: 0, y: 100 }, { x: 100, y: 100 }, { delay: 50, duration: 100 }, { lift: 20, swell: 0.5, fadeFrom: 0.8 }, () => landed++);
    expect(node.visible).toBe(false);
    tweens.advance(40);
    expect(node.visible).toBe(false);
    tweens.advance(60); // halfway
    expect(node.visible).toBe(true);
    expect(node.position.x).toBeCloseTo(50);
    expect(node.position.y).toBeCloseTo(80); // lifted by the whole arc at mid-flight
    expect(node.scale.x).toBeCloseTo(1.5);
    expect(node.alpha).toBe(1);
    tweens.advance(40); // 90 %: fading
    expect(node.alpha).toBeCloseTo(0.5);
    expect(tweens.moving).toBe(true);
    tweens.advance(20);
    expect(node.position).toMatchObject({ x: 100, y: 100 });
    expect(node.destroyed).toBe(true);
    expect(landed).toBe(1);
    expect(tweens.moving).toBe(false);
  });

  it('fades all the way when asked, and undoes the frame of a zoomed layer', () => {
    const tweens = new Tweens();
    const node = fakeNode();
    tweens.add(asNode(node), { x: 10, y: 10 }, { x: 30, y: 10 }, { delay: 0, duration: 100 }, { lift: 0, swell: 0, fadeFrom: 'all' });
    tweens.advance(50, { x: 10, y: 0, scale: 2 });
    expect(node.alpha).toBeCloseTo(0.5);
    expect(node.position.x).toBeCloseTo((20 - 10) / 2);
    expect(node.scale.x).toBeCloseTo(0.5);
  });

  it('lands everything at once', () => {
    const tweens = new Tweens();
    const nodes = [fakeNode(), fakeNode()];
    let landed = 0;
    for (const node of nodes)
      tweens.add(asNode(node), { x: 0, y: 0 }, { x: 1, y: 1 }, { delay: 0, duration: 100 }, { lift: 0, swell: 0, fadeFrom: 1 }, () => landed++);
    tweens.landAll();
    expect(nodes.every((n) => n.destroyed)).toBe(true);
    expect(landed).toBe(2);
    expect(tweens.moving).toBe(false);
  });
});
