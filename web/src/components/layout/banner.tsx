import { useId } from 'react';
import { texts } from './texts';

const PADDLER_OFFSETS = [-27, -3, 21];

function Paddler({ x }: { x: number }) {
  return (
    <g transform={`translate(${x} 0)`}>
      <path className="banner__vest" d="M-4.5 -1 L-3.5 -13 Q0 -15.5 3.5 -13 L4.5 -1 Z" />
      <circle className="banner__face" cx="0" cy="-17.5" r="4" />
      <path className="banner__helmet" d="M-4.6 -18 A4.6 4.6 0 0 1 4.6 -18 Z" />
    </g>
  );
}

/** Drawn over the raft's tube: from the paddler's hands down into the water. */
function Paddle({ x }: { x: number }) {
  return (
    <g transform={`translate(${x} 0)`}>
      <path className="banner__paddle" d="M6 -12 L-8 14" />
      <ellipse
        className="banner__paddle-blade"
        cx="-9.5"
        cy="17"
        rx="2.8"
        ry="5.5"
        transform="rotate(28 -9.5 17)"
      />
    </g>
  );
}

/** Home's banner: a raft on a mountain river; every colour is a CSS variable with a night palette. */
export function Banner() {
  const skyId = useId();
  const waterId = useId();
  return (
    <svg className="banner" viewBox="0 0 360 170" preserveAspectRatio="xMidYMid slice" role="img">
      <title>{texts.bannerDescription}</title>
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="banner__sky-top" />
          <stop offset="1" className="banner__sky-bottom" />
        </linearGradient>
        <linearGradient id={waterId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="banner__water-top" />
          <stop offset="1" className="banner__water-bottom" />
        </linearGradient>
      </defs>

      <rect width="360" height="170" fill={`url(#${skyId})`} />
      <circle className="banner__sun" cx="292" cy="40" r="17" />

      <path
        className="banner__far"
        d="M0 96 L34 70 L58 84 L104 42 L146 82 L180 62 L222 92 L268 50 L312 82 L360 60 V132 H0 Z"
      />
      <path className="banner__snow" d="M104 42 L94 51 L101 49 L105 54 L109 49 L114 51 Z" />
      <path className="banner__snow" d="M268 50 L259 58 L265 57 L269 61 L273 56 L278 58 Z" />
      <path
        className="banner__near"
        d="M0 112 C36 94 74 100 116 110 C160 120 196 94 246 98 C292 102 326 112 360 102 V140 H0 Z"
      />
      <g className="banner__pines">
        <path d="M28 108 l7 -20 l7 20 Z" />
        <path d="M42 106 l6 -16 l6 16 Z" />
        <path d="M208 104 l6 -17 l6 17 Z" />
        <path d="M220 102 l7 -21 l7 21 Z" />
        <path d="M318 108 l6 -16 l6 16 Z" />
      </g>

      <path d="M0 124 C60 116 118 130 180 124 C242 118 300 130 360 122 V170 H0 Z" fill={`url(#${waterId})`} />
      <g className="banner__waves">
        <path d="M14 140 q9 -5 18 0 t18 0" />
        <path d="M70 156 q9 -5 18 0 t18 0" />
        <path d="M250 146 q9 -5 18 0 t18 0" />
        <path d="M300 160 q9 -5 18 0 t18 0" />
        <path d="M216 162 q7 -4 14 0 t14 0" />
        <path d="M36 164 q7 -4 14 0 t14 0" />
      </g>

      <g transform="translate(168 138) rotate(-5) scale(1.2)">
        <g className="banner__wake">
          <path d="M-56 4 q-12 -3 -24 1" />
          <path d="M-54 12 q-16 -2 -30 4" />
        </g>
        <circle className="banner__foam" cx="55" cy="-1" r="2.4" />
        <circle className="banner__foam" cx="60" cy="4" r="1.8" />
        <circle className="banner__foam" cx="55" cy="9" r="1.5" />
        {PADDLER_OFFSETS.map((x) => (
          <Paddler key={x} x={x} />
        ))}
        <rect className="banner__raft" x="-50" y="-3" width="100" height="17" rx="8.5" />
        <rect className="banner__raft-stripe" x="-42" y="3" width="84" height="3" rx="1.5" />
        {PADDLER_OFFSETS.map((x) => (
          <Paddle key={x} x={x} />
        ))}
      </g>
    </svg>
  );
}
