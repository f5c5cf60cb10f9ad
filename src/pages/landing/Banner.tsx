// The rotating banner of spec §2/§9: six slides, a new one every 5 s, looping, paused while the
// pointer is over it, with clickable dots. The carousel (react-slick) loads as a chunk of its own; until
// then the first slide stands alone, as the carousel will show it.
import { lazy, Suspense } from 'react';
import type { Settings } from 'react-slick';
import { BANNER_AUTOPLAY_MS } from '../../../common/constants';
import { BANNER_SLIDES } from './content';

export const BANNER_SETTINGS: Settings = {
  autoplay: true,
  autoplaySpeed: BANNER_AUTOPLAY_MS,
  infinite: true,
  pauseOnHover: true,
  dots: true,
  dotsClass: 'lp-banner-dots',
  arrows: false,
  speed: 600,
  fade: false,
};

const BannerCarousel = lazy(() => import(/* webpackChunkName: "landing-carousel" */ './BannerCarousel'));

export function BannerSlide({ index }: { index: number }) {
  const slide = BANNER_SLIDES[index];
  return (
    <div className="lp-slide">
      <img
        className="lp-slide-image"
        src={slide.image}
        alt=""
        // The first slide is the page's largest paint: fetch it first, the others when idle.
        fetchPriority={index === 0 ? 'high' : 'low'}
        loading={index === 0 ? 'eager' : 'lazy'}
      />
      <div className="lp-slide-copy">
        <h2>{slide.title}</h2>
        <p>{slide.text}</p>
      </div>
    </div>
  );
}

export function Banner({ className }: { className: string }) {
  return (
    <section className={className} aria-label="产品介绍">
      <Suspense fallback={<BannerSlide index={0} />}>
        <BannerCarousel />
      </Suspense>
    </section>
  );
}
