/** 'Upload Error: Failed to get upload URL: …' → title 'Upload Error' and the rest as the text. */
export function splitNotice(text: string, fallbackTitle: string): { title: string; message: string } {
  const match = /^(Upload (?:Error|Failed|Complete)|Validation Error): (.+)$/s.exec(text);
  return match ? { title: match[1] ?? fallbackTitle, message: match[2] ?? text } : { title: fallbackTitle, message: text };
}
