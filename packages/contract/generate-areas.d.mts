/** The generated module's text for these area files. */
export declare function areasModule(files: readonly string[]): string;
/** Writes `src/areas.generated.ts` for the contract at `root` when it differs; answers whether it wrote. */
export declare function writeContractAreas(root?: string): boolean;
