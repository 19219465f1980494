// Synthetic articles of the real article shape, for the benchmark, the comparison with other
// generators and tests that need a large site. Each is about 350 words of varied text, drawn
// from a seeded generator so that every run writes the same files: a heading, three paragraphs
// of 80–120 words, a bold phrase, an external link, a link to a real page and a five-item list.
// Varied text matters: the same few sentences repeated make the markdown parser look faster than
// it is on real articles.

const vocabulary = `account activation agency agreement allocation analysis annual approval asset attendance
audience audit balance banner benchmark billing board booking brand briefing broadcast budget
calendar campaign capacity category channel charity clause client club coach commitment community
competition compliance concourse contract conversion coordinator cost coverage creative customer
dashboard deadline deal delivery department deliverable demographic digital director discount
display division document donor draft earnings email engagement estimate event evidence exclusivity
expense exposure fan feedback festival finance fixture forecast format fulfillment funding gameday
goal grant growth guarantee hospitality impression incentive income insight installment inventory
invoice kickoff ledger league licence lineup logistics loyalty manager margin market measurement
media meeting member merchandise metric milestone mobile momentum negotiation network newsletter
objective obligation offer operations opportunity outcome owner package partner payment performance
photo pipeline pitch placement playoff podcast portfolio premium presentation pricing priority
procurement programme progress promotion proof property proposal prospect quarter rate recap
recognition record referral region relationship renewal report reputation request retention revenue
review rights roster sales schedule scoreboard season segment signage signature social spend
sponsor sponsorship stadium stakeholder statement strategy subscription supporter survey target
team template term ticket timeline tournament tracking transparency trend trust upgrade valuation
value venue video visibility volunteer website workflow`.split(/\s+/);

const names = ['Erin Walsh', 'Priya Nair', 'Daniel Okafor', 'Marta Lindqvist', 'Samuel Reyes', 'Hannah Cole'];
const categories = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'];
const thumbnails = [
  ['/images/articles/value-banks.svg', 'App card with a line chart of delivered value rising above contracted value'],
  ['/images/articles/category-exclusivity.svg', 'Category grid with one category held by a single partner'],
  ['/images/articles/pga-canada-case-study.jpg', 'A golfer on a tee box in front of partner signage'],
  ['/images/articles/fulfillment-report-tips.svg', 'A fulfillment report page with proof photos and delivery totals'],
];
const pages = ['/articles/value-banks', '/sponsorship-crm', '/inventory-management', '/articles/category-exclusivity', '/news-insights', '/pricing-preview'];

/** A small seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same experiment. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text of synthetic article number `i` (saved as `synthetic-${i}.md` in content/articles/), linking to one of `links`. */
export function syntheticArticle(i, links = pages) {
  const random = seededRandom(0x5eed + i * 7919);
  const between = (low, high) => low + Math.floor(random() * (high - low + 1));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const phrase = (length) => Array.from({ length }, () => pick(vocabulary)).join(' ');
  const capital = (text) => text[0].toUpperCase() + text.slice(1);
  const sentences = (wordCount) => {
    const out = [];
    for (let left = wordCount; left > 0;) {
      // The last sentence takes what is left rather than ending on one or two words.
      const length = left < 24 ? left : between(8, 18);
      out.push(`${capital(phrase(length))}.`);
      left -= length;
    }
    return out;
  };
  const paragraph = () => sentences(between(80, 120)).join(' ');
  const bold = sentences(between(80, 120));
  bold.splice(between(1, bold.length - 1), 0, `**${capital(phrase(3))}** ${phrase(between(6, 12))}.`);
  const linked = sentences(between(80, 120));
  linked.splice(between(1, linked.length - 1), 0, `See the [${phrase(2)} figures](https://example.com) and [our ${phrase(2)} guide](${pick(links)}).`);
  const [thumbnail, thumbnailAlt] = pick(thumbnails);
  const date = new Date(Date.UTC(2019, 0, 1) + between(0, 6 * 365) * 86_400_000).toISOString().slice(0, 10);
  return `---
title: "${capital(phrase(between(4, 8)))} ${i}"
date: ${date}
author: ${pick(names)}
excerpt: "${capital(phrase(between(18, 26)))}."
category: ${pick(categories)}
thumbnail: ${thumbnail}
thumbnailAlt: "${thumbnailAlt}"
---

${paragraph()}

## ${capital(phrase(between(3, 6)))}

${bold.join(' ')}

${Array.from({ length: 5 }, () => `- ${capital(phrase(between(5, 10)))}.`).join('\n')}

${linked.join(' ')}
`;
}
