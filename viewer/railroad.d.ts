/** The railroad diagram of every rule, embedded by scripts/build-site.js from scripts/build-railroad.js. */
declare module "virtual:railroad" {
  const diagrams: {
    name: string;
    kind: "appendix-a" | "helper";
    svg: string;
    caption: string;
    peg?: string;
  }[];
  export default diagrams;
}
