import { cssColor, inkFor, parseCssColor, shade } from './colour';

describe('colours', () => {
  it('convert between CSS and numbers', () => {
    expect(parseCssColor('#D55E00')).toBe(0xd55e00);
    expect(parseCssColor('fff')).toBe(0xffffff);
    expect(cssColor(0x0072b2)).toBe('#0072b2');
    expect(cssColor(0xff)).toBe('#0000ff');
    expect(() => parseCssColor('#12')).toThrow();
    expect(() => parseCssColor('#zzzzzz')).toThrow();
  });

  it('pick the ink that reads on a colour', () => {
    expect(inkFor(0xf0e442)).toBe(0x111111); // yellow: dark ink
    expect(inkFor(0x56b4e9)).toBe(0x111111); // sky blue: dark ink
    expect(inkFor(0x0072b2)).toBe(0xffffff); // blue: white ink
    expect(inkFor(0xd55e00)).toBe(0xffffff); // vermillion: white ink
    expect(inkFor(0x000000)).toBe(0xffffff);
  });

  it('shade toward black and white', () => {
    expect(shade(0x808080, -1)).toBe(0x000000);
    expect(shade(0x808080, 1)).toBe(0xffffff);
    expect(shade(0x808080, 0)).toBe(0x808080);
    expect(shade(0x204060, -0.5)).toBe(0x102030);
  });
});
