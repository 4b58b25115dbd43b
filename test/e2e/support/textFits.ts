import type { Page } from 'playwright-core';

/**
 * Elements whose text may run past their box by design, each with why. Anything here must either
 * scroll (so all of its text can be reached) or truncate with the whole text in a tooltip or title.
 */
export type FitAllowance = { name: string; selector: string };

/**
 * Every visible piece of text the page cuts off or lets spill out of its box, as one line each
 * ("<where>: <text> — <how>"); empty when all of it fits. Two ways text is lost are looked for:
 * an element that clips (overflow hidden or clip, or an ellipsis) whose content is wider or taller
 * than its box, and a run of text whose painted rectangle leaves the box of the block it sits in.
 * Text inside an allowed element (see FitAllowance) is not looked at; nor is what a person
 * cannot see (visually hidden labels, closed details) or types (fields, which scroll their text).
 */
export async function textThatDoesNotFit(page: Page, allowed: readonly FitAllowance[]): Promise<string[]> {
  return page.evaluate(
    (selectors) => {
      const found: string[] = [];
      const skip = selectors.join(',');
      const describe = (element: Element): string => {
        const parts: string[] = [];
        for (let at: Element | null = element; at && at !== document.body && parts.length < 4; at = at.parentElement) {
          const id = at.id ? `#${at.id}` : '';
          const classes = [...at.classList]
            .slice(0, 2)
            .map((name) => `.${name}`)
            .join('');
          parts.unshift(`${at.tagName.toLowerCase()}${id}${classes}`);
        }
        return parts.join(' > ');
      };
      const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const ignored = (element: Element): boolean => {
        if (skip && element.closest(skip)) return true;
        if (element.closest('input, textarea, select, svg, canvas, video, audio, img, [aria-hidden="true"], .visually-hidden')) return true;
        const box = element.getBoundingClientRect();
        if (box.width <= 2 || box.height <= 2) return true;
        const style = getComputedStyle(element);
        return style.visibility === 'hidden' || style.opacity === '0';
      };
      const visible = (element: Element) => element.getClientRects().length > 0;

      // Elements that clip what does not fit.
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        if (!visible(element) || ignored(element) || !words(element.textContent)) continue;
        const style = getComputedStyle(element);
        const clipsX = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        const clipsY = ['hidden', 'clip'].includes(style.overflowY);
        if (clipsX && element.scrollWidth > element.clientWidth + 1)
          found.push(
            `${describe(element)}: "${words(element.textContent)}" — cut off (${element.scrollWidth} px wide in ${element.clientWidth})`,
          );
        else if (clipsY && element.scrollHeight > element.clientHeight + 1)
          found.push(
            `${describe(element)}: "${words(element.textContent)}" — cut off (${element.scrollHeight} px tall in ${element.clientHeight})`,
          );
      }

      // Text that spills out of the block it sits in.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!words(node.textContent)) continue;
        let block = node.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        if (!block || !visible(block) || ignored(block)) continue;
        // A box that clips its text was judged above, by what it hides.
        const style = getComputedStyle(block);
        if (['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis') continue;
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        if (text.width === 0 || text.height === 0) continue;
        const box = block.getBoundingClientRect();
        const past = Math.max(box.left - text.left, text.right - box.right);
        if (past > 1) found.push(`${describe(block)}: "${words(node.textContent)}" — spills ${Math.round(past)} px out of its box`);
      }
      return [...new Set(found)];
    },
    allowed.map((allowance) => allowance.selector),
  );
}
