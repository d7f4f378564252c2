import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_ICONS, siteIconFor } from './site-icons';

describe('siteIconFor', () => {
  it('knows a site by the host of its address', () => {
    expect(siteIconFor({ label: 'Follow us', url: 'https://www.instagram.com/umisushi/' })).toBe('instagram');
    expect(siteIconFor({ label: 'Reviews', url: 'https://www.yelp.com/biz/umi-sushi' })).toBe('yelp');
    expect(siteIconFor({ label: 'News', url: 'https://x.com/umisushi' })).toBe('x');
    expect(siteIconFor({ label: 'News', url: 'https://twitter.com/umisushi' })).toBe('x');
    expect(siteIconFor({ label: 'Us', url: 'https://m.facebook.com/umisushi' })).toBe('facebook');
    expect(siteIconFor({ label: 'Videos', url: 'https://youtu.be/abc' })).toBe('youtube');
    expect(siteIconFor({ label: 'Find us', url: 'https://maps.app.goo.gl/abc' })).toBe('map');
  });

  it('falls back to the label when the host says nothing', () => {
    expect(siteIconFor({ label: 'Google Maps', url: 'https://www.google.com/maps/place/x' })).toBe('map');
    expect(siteIconFor({ label: 'TikTok', url: 'https://vm.example/abc' })).toBe('tiktok');
    expect(siteIconFor({ label: 'X', url: 'https://short.example/abc' })).toBe('x');
  });

  it('draws any other site as a globe, and never mistakes a host that only contains a name', () => {
    expect(siteIconFor({ label: 'Our blog', url: 'https://blog.umi-sushi.example/' })).toBe('globe');
    expect(siteIconFor({ label: 'Gift box', url: 'https://box.com/umi' })).toBe('globe');
    expect(siteIconFor({ label: 'Menu', url: 'not a url' })).toBe('globe');
  });

  it('has a drawing in the stylesheet for every logo it can pick', () => {
    const css = readFileSync(new URL('../client/styles.css', import.meta.url), 'utf8');
    for (const icon of SITE_ICONS) {
      expect(css, icon).toMatch(new RegExp(`\\.site-icon-${icon} \\{\\s+--site-icon: url\\("data:image/svg\\+xml,`));
    }
  });
});
