// What a reader can get from the page: text, every attribute value.
export const shownIn = (root: ParentNode): string => {
  const attributes = [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)).join('\n');
  return `${(root as Element).textContent ?? ''}\n${attributes}`;
};
