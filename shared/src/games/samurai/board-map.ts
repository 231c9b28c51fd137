/**
 * The real Samurai board, transcribed from the published map (docs/rules/samurai.md § The board).
 *
 * Flat-top hexes in odd-q offset coordinates: `col` grows east, `row` grows south, and every
 * odd column sits half a hex lower than its even neighbours. One line per row (row 0 first),
 * one 2-character cell per column (col 0 first), cells separated by one space:
 *
 *   `~2` `~3` `~4`  sea, on the board from 2, 3 or 4 players
 *   `.x`            land of island x
 *   `vx`            village of island x
 *   `Cx`            city of island x
 *   `Ex`            Edo (island x)
 *   blank           no hex
 *
 * Islands: h = Honshu (2+ players), k = Kyushu and s = Shikoku (3+), o = Hokkaido (4).
 */
export const BOARD_MAP: readonly string[] = [
  `                                       ~4 ~4 ~4`,
  `                                       ~4 vo .o ~4 ~4 ~4 ~4`,
  `                                       ~4 .o vo ~4 .o vo ~4`,
  `                                    ~4 vo .o .o .o vo .o ~4`,
  `                                    ~4 .o .o Co .o ~4 ~4`,
  `                                    ~4 vo .o .o .o ~4`,
  `                                    ~4 ~2 ~2 ~2 vo ~4`,
  `                                       ~2 vh .h ~2 ~2`,
  `                                       ~2 .h .h vh ~2`,
  `                                       ~2 Ch .h .h ~2`,
  `                                       ~2 .h .h vh ~2`,
  `                                 ~2 ~2 .h vh .h ~2 ~2`,
  `                              ~2 .h vh .h .h .h vh ~2`,
  `                           ~2 ~2 vh .h .h Eh .h .h ~2`,
  `                     ~2 ~2 vh ~2 .h .h vh .h ~2 vh ~2`,
  `               ~2 ~2 .h .h .h .h Ch .h ~2 ~2    ~2`,
  `            ~2 .h vh .h vh ~2 .h .h ~2`,
  `         ~3 ~2 vh .h ~2 ~2 ~2 vh ~2 ~2`,
  `   ~3 ~3 vk ~2 ~2 ~2 .s vs .s ~2`,
  `~3 vk .k .k .k ~3 vs .s .s vs ~3`,
  `~3 ~3 .k .k vk ~3 .s vs .s ~3 ~3`,
  `   ~3 vk .k .k ~3 ~3 ~3 ~3`,
  `      ~3 ~3 vk ~3`,
  `            ~3`,
];
