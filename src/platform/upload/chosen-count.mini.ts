/** Mini-programs' chooseImage offers images only and hands over every one chosen: nothing to count. */
export function takeChosenCount(): number | null {
  return null;
}
