// Synthetic articles of the real article shape (about 350 words: a heading, three paragraphs,
// a list, links to real pages), for the benchmark and for tests that need a large site.

const words = `sponsorship partner inventory renewal activation deliverable season signage hospitality digital audience
rate card package proposal pipeline forecast invoice proof performance report value bank category exclusivity
brand property league club venue association fan engagement broadcast media social campaign measurement`.split(/\s+/);
const categories = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'];
const links = ['/articles/value-banks', '/sponsorship-crm', '/inventory-management', '/articles/category-exclusivity', '/news-insights'];

function sentence(seed, length) {
  const out = [];
  for (let i = 0; i < length; i++) out.push(words[(seed * 7 + i * 13) % words.length]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}

function paragraph(seed) {
  return Array.from({ length: 6 }, (_, i) => sentence(seed + i, 14 + ((seed + i) % 6))).join(' ');
}

/** The text of synthetic article number `i` (saved as `synthetic-${i}.md` in content/articles/). */
export function syntheticArticle(i) {
  return `---
title: "Synthetic article ${i}: ${sentence(i, 5).slice(0, -1)}"
date: 2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}
author: Erin Walsh
excerpt: "${sentence(i + 3, 22)}"
category: ${categories[i % categories.length]}
thumbnail: /images/articles/value-banks.svg
thumbnailAlt: A value bank gauge beside a ledger
---

${paragraph(i)}

## ${sentence(i + 1, 4).slice(0, -1)}

${paragraph(i + 2)} Read more in [this guide](${links[i % links.length]}).

- ${sentence(i + 4, 8)}
- ${sentence(i + 5, 9)}
- ${sentence(i + 6, 7)}

${paragraph(i + 7)}
`;
}
