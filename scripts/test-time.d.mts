export declare const TIME_SCALE_ENV: string;
export declare function testTimeScale(): number;
