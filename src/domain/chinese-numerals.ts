/** Chinese number words for 0 to 12 and the instalment names one to ten (§9). */
const WORDS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

export function chineseNumeral(n: number): string {
  return Number.isInteger(n) && n >= 0 && n < WORDS.length ? WORDS[n] : String(n);
}

/** 第一期 .. 第十期; beyond ten the digits are used (第11期). */
export function installmentName(n: number): string {
  return n >= 1 && n <= 10 ? `第${chineseNumeral(n)}期` : `第${n}期`;
}
