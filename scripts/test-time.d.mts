export declare const TIME_SCALE_ENV: string;
export declare function testTimeScale(): number;
export declare function loadTimeScale(): number;
