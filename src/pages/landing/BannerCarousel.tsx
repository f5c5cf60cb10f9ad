// The banner's carousel proper (react-slick): its own chunk, so that the back-office shell, whose entry holds
// the landing page, does not carry it (issue #23); Banner shows the first slide until it arrives.
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import { BANNER_SETTINGS, BannerSlide } from './Banner';
import { BANNER_SLIDES } from './content';

export default function BannerCarousel() {
  return (
    <Slider {...BANNER_SETTINGS}>
      {BANNER_SLIDES.map((slide, index) => (
        <BannerSlide key={slide.image} index={index} />
      ))}
    </Slider>
  );
}
